export * from './users.js';
export * from './spaces.js';
