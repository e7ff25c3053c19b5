/** The fixed product catalogue (SPUs with their SKUs, built from demoCatalog) and price arithmetic. */
import { BRANDS, CATEGORIES, IMAGE_HOST, PRODUCTS, type Currency, type ProductTemplate } from './demoCatalog';

export interface Sku {
  skuId: number;
  skuNum: string;
  attr: Record<string, string>;
  usdCents: number;
  imageUrls: string[];
}

export interface Spu {
  spuId: number;
  spuNum: string;
  template: ProductTemplate;
  spuAttr: Record<string, unknown>;
  categoryId3: number;
  brandId: number;
  skus: Sku[];
}

/** The product catalogue is fixed (not seeded). */
function buildCatalog(): Spu[] {
  return PRODUCTS.map((template, i) => {
    const spuId = 100_300 + i * 17;
    const combos: Record<string, string>[] = [{}];
    const priceIndex: number[] = [0];
    template.skuAxes.forEach(([name, values], axis) => {
      const last = axis === template.skuAxes.length - 1;
      const next: Record<string, string>[] = [];
      const nextPrice: number[] = [];
      combos.forEach((combo, c) => {
        values.forEach((value, v) => {
          next.push({ ...combo, [name]: value });
          nextPrice.push(last ? v : priceIndex[c]!);
        });
      });
      combos.splice(0, combos.length, ...next);
      priceIndex.splice(0, priceIndex.length, ...nextPrice);
    });
    const skus = combos.map((attr, k) => {
      const skuId = spuId * 100 + k;
      const imageUrls = [`${IMAGE_HOST}/sku/${skuId}.png`];
      if (k % 2 === 0) imageUrls.push(`${IMAGE_HOST}/sku/${skuId}-back.png`);
      return {
        skuId,
        skuNum: `SKU-${skuId}`,
        attr,
        usdCents: template.usdCents[priceIndex[k]!] ?? template.usdCents[0]!,
        imageUrls,
      };
    });
    return {
      spuId,
      spuNum: `SPU-${spuId}`,
      template,
      spuAttr: template.spuAttr,
      categoryId3: CATEGORIES[template.categoryName] ?? 3100,
      brandId: BRANDS[template.brandName] ?? 500,
      skus,
    };
  });
}

export const CATALOG: readonly Spu[] = buildCatalog();

/** Minor units of `currency` for a US-cent amount, rounded to a plausible shop price. */
export function priceInMinorUnits(usdCents: number, currency: Currency): number {
  const raw = (usdCents / 100) * currency.perUsd * 10 ** currency.decimals;
  if (currency.decimals === 0) {
    const step = raw >= 10_000 ? 100 : 10;
    return Math.max(step, Math.round(raw / step) * step);
  }
  return Math.max(9, Math.round(raw / 10) * 10 - 1);
}

/** Decimal text with the currency's number of decimals (none for JPY/KRW). */
export function formatMinorUnits(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  const factor = 10 ** decimals;
  return `${Math.floor(minor / factor)}.${String(minor % factor).padStart(decimals, '0')}`;
}

/** Copy of an attribute object whose values are primitives or arrays of primitives (cheaper than structuredClone). */
export function cloneAttr(attr: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in attr) {
    const v = attr[key];
    out[key] = Array.isArray(v) ? [...(v as unknown[])] : v;
  }
  return out;
}
