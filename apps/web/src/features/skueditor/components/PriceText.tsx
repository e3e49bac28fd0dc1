import type { PriceTier } from '@portal/contract';

const cents = (c: number) => `$${(c / 100).toFixed(2)}`;

/** A unit's price as rating uses it: per 100 measure units, or its tiers (volume pricing per tenant and month). */
export function PriceText({
  unit,
}: {
  unit: { price_cents: number; price_per: number; tiers: PriceTier[] | null; measure_unit: string };
}) {
  if (unit.tiers)
    return (
      <span>
        {unit.tiers.map((t) => `from ${t.from}: ${cents(t.price)}`).join('; ')} per {unit.price_per} {unit.measure_unit}
      </span>
    );
  return (
    <span>
      {cents(unit.price_cents)} per {unit.price_per} {unit.measure_unit}
    </span>
  );
}
