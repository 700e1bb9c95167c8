export type ProcessStateName = "prisma" | "redis" | "log" | "searchCache" | "searchReads" | "searchReadCounting" | "responseCache" | "untrustedProxyWarned" | "unrecordedExpiryAt" | "cdnPurgeRetries";
export function processState<T>(name: ProcessStateName, create: () => T): T;
export function existingProcessState<T>(name: ProcessStateName): T | undefined;
export function setProcessState<T>(name: ProcessStateName, value: T): void;
