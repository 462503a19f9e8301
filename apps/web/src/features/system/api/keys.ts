/** Query keys of the system feature. */
export const systemKeys = {
  fileTypes: ['system', 'filetypes'] as const,
  capacity: ['system', 'capacity'] as const,
  mailOutbox: ['system', 'mail-outbox'] as const,
};
