/** A promise and the function that resolves it. */
export function signal(): { promise: Promise<void>; set: () => void } {
  let set: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (set = resolve));
  return { promise, set };
}
