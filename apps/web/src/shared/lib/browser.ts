/**
 * Page-level navigation side effects, behind one object so tests can observe them
 * (jsdom cannot navigate away from the document).
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
