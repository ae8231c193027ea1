export * from './env.js';
export * from './real-env.js';
export * from './fs-error.js';
export * from './seeded-random.js';
export * from './sim-clock.js';
export * from './sim-timers.js';
export * from './memory-file-system.js';
export * from './sim-env.js';
