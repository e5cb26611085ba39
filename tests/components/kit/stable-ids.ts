/**
 * The markup with React's generated ids (`_r_8_`, which count up across a file's renders)
 * named by their order of first appearance, so a label still names its own input.
 */
export function withStableIds(html: string): string {
  const seen = new Map<string, string>();
  return html.replace(/_r_[0-9a-z]+_/g, (id) => {
    if (!seen.has(id)) seen.set(id, `id${seen.size + 1}`);
    return seen.get(id)!;
  });
}
