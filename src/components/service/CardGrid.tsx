/** A titled grid of coloured cards on service pages: 'What We Provide' (4) and the benefits (3). */
import { IconCards, type IconCard } from '../IconCards.tsx';

export function CardGrid({ id, heading, cards, columns }: { id: string; heading: string; cards: IconCard[]; columns: 3 | 4 }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <IconCards cards={cards} columns={columns} />
    </section>
  );
}
