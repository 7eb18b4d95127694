/** One of a list of choices by a piece's variant number (or any count), going round the list. */
export const variant = <T>(choices: readonly T[], n: number): T => choices[n % choices.length]!;
