// The measured figures of a resilience test, printed as one block (docs/operations.md quotes
// them).
export function report(title: string, figures: Record<string, unknown>) {
  const lines = Object.entries(figures).map(
    ([name, value]) => `  ${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  process.stdout.write(`\n[resilience] ${title}\n${lines.join('\n')}\n`);
}
