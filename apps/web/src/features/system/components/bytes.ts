export const MB = 1024 ** 2;
export const GB = 1024 ** 3;
