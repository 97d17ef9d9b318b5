/** The current time, injectable so tests can move past expiries without waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
