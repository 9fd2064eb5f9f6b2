export { runCli, processIo } from './run.js';
export { createProgram, VERSION } from './program.js';
export type { Io, GlobalOptions } from './context.js';
export { blockChart, horizontalBars, resample, sparkline } from './output/charts.js';
