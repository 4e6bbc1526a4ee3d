// The statistics module of experiments.md lives with its domain; this is the path the contract names.
export { compare, moments, power, sessionsForPower, srmPValue, type Comparison, type Stat } from '../modules/experiments/stats.js';
