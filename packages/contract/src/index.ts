export * from './locale.js';
export * from './envelope.js';
export * from './limits.js';
export * from './roles.js';
export * from './errors.js';
export * from './schemas/user.js';
export * from './schemas/space.js';
export * from './schemas/system.js';
