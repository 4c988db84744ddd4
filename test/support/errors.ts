/** The code of the domain error `fn` throws, or undefined when it returns. */
export function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return undefined;
}
