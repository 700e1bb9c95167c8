export declare const CATALOG_TAGS: {
  readonly products: "products";
  readonly categories: "categories";
  readonly gallery: "gallery";
  readonly product: (slug: string) => `product:${string}`;
  readonly upload: (urlPath: string) => `upload:${string}`;
};
