// jsdom ships no types; the logo sanitiser (svg.ts) types the little of its DOM it uses (no DOM lib on the server).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: unknown;
  }
}
