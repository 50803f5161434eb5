/** Line and column (both from 1) of each offset of `text`, lines counted after `lineOffset` others (MDX front matter's `---`). */
export function linePositions(text: string, lineOffset = 0): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1 + lineOffset, column: offset - starts[low]! + 1 };
  };
}
