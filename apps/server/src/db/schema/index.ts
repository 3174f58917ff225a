export * from './users.js';
export * from './spaces.js';
export * from './content.js';
export * from './personal.js';
export * from './jobs.js';
export * from './files.js';
export * from './ai.js';
export * from './addrbook.js';
