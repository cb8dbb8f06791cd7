// The customer's selection: photos and whole albums ("scopes") from any source, in the order
// chosen. An album is resolved on the service when the order is placed, never listed here.
export class Selection {
  constructor(onChange) {
    this.entries = new Map();
    this.onChange = onChange;
  }

  static photoKey(source, id) { return `${source}\u0000photo\u0000${id}`; }
  static albumKey(source, scope) { return `${source}\u0000album\u0000${scope}`; }

  hasPhoto(source, id) { return this.entries.has(Selection.photoKey(source, id)); }
  hasAlbum(source, scope) { return this.entries.has(Selection.albumKey(source, scope)); }

  togglePhoto(source, item) {
    const key = Selection.photoKey(source, item.id);
    if (this.entries.has(key)) this.entries.delete(key);
    else this.entries.set(key, { kind: "photo", source, itemId: item.id, title: item.title, thumbnailURL: item.thumbnailURL });
    this.onChange();
    return this.entries.has(key);
  }

  toggleAlbum(source, scope, title, count) {
    const key = Selection.albumKey(source, scope);
    if (this.entries.has(key)) this.entries.delete(key);
    else this.entries.set(key, { kind: "album", source, scope, title, count });
    this.onChange();
    return this.entries.has(key);
  }

  /** The `[key, entry]` of the order's line `index` (lines follow the selection's order). */
  entryAt(index) { return [...this.entries][index]; }

  remove(key) { this.entries.delete(key); this.onChange(); }
  clear() { this.entries.clear(); this.onChange(); }
  get size() { return this.entries.size; }
  get sources() { return new Set([...this.entries.values()].map((entry) => entry.source)); }

  /** "3 photos and 1 album selected". */
  summary() {
    let photos = 0;
    let albums = 0;
    for (const entry of this.entries.values()) entry.kind === "photo" ? (photos += 1) : (albums += 1);
    const parts = [`${photos} photo${photos === 1 ? "" : "s"}`];
    if (albums) parts.push(`${albums} album${albums === 1 ? "" : "s"}`);
    return `${parts.join(" and ")} selected`;
  }

  /** The order's lines: `{source, itemId}` per photo, `{source, scope}` per album. */
  lines() {
    return [...this.entries.values()].map((entry) =>
      entry.kind === "photo" ? { source: entry.source, itemId: entry.itemId } : { source: entry.source, scope: entry.scope });
  }
}
