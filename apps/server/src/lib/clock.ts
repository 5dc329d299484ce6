/** The service clock (ms since the epoch). Injected so tests move time instead of sleeping. */
export type Clock = () => number;
