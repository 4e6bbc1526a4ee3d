-- The product catalog (issue #14, CONTRACT §8): one row per sellable SKU of a site. Money in integer
-- minor units; categories in their normal form ("A > B > C") and, for the category filter, every
-- ancestor path of them (category_paths, GIN); title and brand also in a search form (lower case,
-- NFKC, computed by the service so both engines agree) under trigram indexes for `q`. Archiving
-- keeps the row (events that name the product stay valid) and hides it from every read; the
-- list's indexes cover live products only. product_id compares byte-wise (COLLATE "C"), as the
-- list's keyset does.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE products (
  site_id        text NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  product_id     text COLLATE "C" NOT NULL,
  group_id       text,
  title          text NOT NULL,
  description    text,
  url            text NOT NULL,
  -- A media item of the site (kept by the media module; it asks before deleting one in use).
  image_media_id text,
  image_url      text,
  price_amount   bigint NOT NULL CHECK (price_amount >= 0),
  price_currency text NOT NULL,
  sale_amount    bigint CHECK (sale_amount >= 0),
  sale_currency  text,
  availability   text NOT NULL CHECK (availability IN ('in_stock', 'out_of_stock', 'preorder', 'backorder')),
  categories     text[] NOT NULL DEFAULT '{}',
  category_paths text[] NOT NULL DEFAULT '{}',
  brand          text,
  attributes     jsonb NOT NULL DEFAULT '{}'::jsonb,
  title_search   text NOT NULL,
  brand_search   text,
  -- The product's version: the client's updated_at, or the time of receipt of a write without one.
  updated_at     timestamptz NOT NULL,
  -- When it was created (or revived): the list's order.
  created_at     timestamptz NOT NULL DEFAULT now(),
  -- When its current version was stored.
  stored_at      timestamptz NOT NULL DEFAULT now(),
  archived_at    timestamptz,
  PRIMARY KEY (site_id, product_id),
  CHECK ((sale_amount IS NULL) = (sale_currency IS NULL)),
  CHECK (image_media_id IS NULL OR image_url IS NULL)
);

CREATE INDEX products_list_idx ON products (site_id, created_at DESC, product_id DESC) WHERE archived_at IS NULL;
CREATE INDEX products_availability_idx ON products (site_id, availability, created_at DESC, product_id DESC) WHERE archived_at IS NULL;
CREATE INDEX products_title_search_idx ON products USING gin (title_search gin_trgm_ops) WHERE archived_at IS NULL;
CREATE INDEX products_brand_search_idx ON products USING gin (brand_search gin_trgm_ops) WHERE archived_at IS NULL;
CREATE INDEX products_category_paths_idx ON products USING gin (category_paths) WHERE archived_at IS NULL;
CREATE INDEX products_media_idx ON products (site_id, image_media_id) WHERE image_media_id IS NOT NULL AND archived_at IS NULL;
CREATE INDEX products_group_idx ON products (site_id, group_id) WHERE group_id IS NOT NULL AND archived_at IS NULL;
