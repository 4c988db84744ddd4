// A table of strings the artifact refers to by index (the names of rate areas, counties and cities;
// the labels of rate sources). A value is appended on its first use and keeps its index, so what an
// earlier version of the content points at stays where it was when a version is added.

export class StringTable {
  readonly values: string[];
  private readonly index: Map<string, number>;

  /** `normalize` turns a value into the form stored; `initial` holds the values of fixed indices. */
  constructor(
    private readonly normalize: (value: string) => string,
    initial: readonly string[] = [],
  ) {
    this.values = [...initial];
    this.index = new Map(this.values.map((value, i) => [value, i]));
  }

  /** The index of a value (normalized), appended on first use. */
  id(value: string): number {
    const key = this.normalize(value);
    let id = this.index.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(key);
      this.index.set(key, id);
    }
    return id;
  }
}
