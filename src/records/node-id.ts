/** The hosting site's legacy global node id: base64 of "0", the type name's length, ":", the type name and the key. */
export function legacyNodeId(typeName: string, key: string | number): string {
  return Buffer.from(`0${typeName.length}:${typeName}${key}`).toString("base64");
}
