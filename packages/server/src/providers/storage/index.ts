/** @module The uploads storage provider. */
export { type LocalStorage, PART_PATH, type PartSignature } from './local-storage';
export { type CompletedPart, type Storage, StorageRefused } from './storage';
export { type StorageConfig, storageProvider } from './storage-provider';
