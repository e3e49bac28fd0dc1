/** Every query key of the system settings area (root `settings`). */
export const settingsKeys = {
  all: ['settings'] as const,
  system: () => ['settings', 'system'] as const,
};
