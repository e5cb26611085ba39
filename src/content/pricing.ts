/**
 * The practice's conveyancing prices, stated once in
 * whole dollars, every one including GST (the guide states its total that way, so the fee
 * and the disbursements are too: a price a visitor sees is what they pay). The staff lead
 * guide prints them and the /quote calculator adds them up, so a price change is one edit here.
 */

export interface Pricing {
  /** Fixed professional fee for one sale or one purchase. */
  baseFee: number;
  /** Add-ons to the professional fee. */
  extras: {
    /** Selling one property and buying another at the same time. */
    simultaneousSaleAndPurchase: number;
    /** Buying off the plan (the guide prices it as a purchase extra). */
    offThePlan: number;
    /** Settlement in under 2 weeks. */
    rushService: number;
  };
  /** Searches, registration and other third-party costs, passed on at cost. */
  disbursements: { min: number; max: number };
}

export const PRICING: Pricing = {
  baseFee: 1850,
  extras: {
    simultaneousSaleAndPurchase: 500,
    offThePlan: 350,
    rushService: 250,
  },
  disbursements: { min: 800, max: 1500 },
};

/** The one plain sentence every estimate carries. */
export const ESTIMATE_NOTICE =
  'This is an estimate only: once you instruct us we will send you a written costs disclosure before any work starts.';
