-- A finer histogram of assets.search_text, so the planner's estimate of LIKE '%term%' stays close to
-- the truth. With the default 100 entries a term in 0.3 % of assets (kone, 285 of 100,000) was
-- estimated at 10 or 1,100 rows depending on the ANALYZE sample; at 1,100 the asset list walked the
-- newest-first index through ~18,000 rows (5-10 ms) instead of taking the trigram bitmap (0.7 ms).
-- With 250 entries it was estimated at 402 and took the bitmap. More entries cost planning time on
-- every LIKE of this column: measured SQL medians on the 100,000-asset estate (100 / 250 / 1,000):
-- global search dell 3.8 / 4.2 / 4.4 ms, stannah 1.2 / 1.5 / 1.9 ms, daikn 4.7 / 5.2 / 7.3 ms.
-- 250 is the compromise. docs/performance.md, "Asset list".
ALTER TABLE "assets" ALTER COLUMN "search_text" SET STATISTICS 250;
