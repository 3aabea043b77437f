/** A versioned prompt: its id names the version (`company-summary.v1`); a change is a new file. */
export type Prompt<I> = {
  id: string;
  system: string;
  user: (input: I) => string;
};
