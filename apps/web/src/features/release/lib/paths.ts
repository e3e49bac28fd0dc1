const e = encodeURIComponent;

/** The pages of the release area (spec §2). */
export const releasePath = (releaseId: string) => `/release/${e(releaseId)}`;
export const changePath = (releaseId: string, changeId: string) => `/release/${e(releaseId)}/change/${e(changeId)}`;
export const changeUpdatePath = (releaseId: string, changeId: string) =>
  `/release/${e(releaseId)}/${e(changeId)}/update`;
export const ticketPath = (releaseId: string, name: string) => `/release/${e(releaseId)}/tickets/${e(name)}`;
