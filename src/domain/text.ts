/** Cuts by characters as a reader counts them (code points), so Arabic and emoji are never split. */
export function truncateName(name: string, max = 10): string {
  const characters = Array.from(name);
  if (characters.length <= max) return name;
  return `${characters.slice(0, max).join('').trimEnd()}…`;
}
