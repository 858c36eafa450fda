export * from './clone';
export * from './constants';
export * from './conversation';
export * from './errors';
export * from './stream';
