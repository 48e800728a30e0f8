-- title_fans becomes 16 shards a title (decision 014, amendment 3). Every favorite of a title updated
-- its one row, so the fans of a title in vogue queued on that row's lock until each commit reached the
-- disk. Now a favorite updates the shard of its fan (the low 4 bits of the last character of the user
-- id: stable, unlike hashtext(), across PostgreSQL versions), and the view title_fans sums the shards
-- under the old name and shape, so its readers (match_rebalance(), the rebalancer) are unchanged.
-- Writes to favorites wait while the counts are taken and the trigger is swapped.
LOCK TABLE favorites IN SHARE MODE;--> statement-breakpoint
CREATE FUNCTION title_fan_shard(user_id text) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (ascii(right(user_id, 1)) & 15)::smallint
$$;--> statement-breakpoint
INSERT INTO title_fan_shards (media_type, media_id, shard, fans)
  SELECT media_type, media_id, title_fan_shard(user_id), count(*)::integer FROM favorites GROUP BY 1, 2, 3;--> statement-breakpoint
DROP TABLE "title_fans";--> statement-breakpoint
CREATE VIEW title_fans AS
  SELECT media_type, media_id, sum(fans)::integer AS fans FROM title_fan_shards GROUP BY media_type, media_id;--> statement-breakpoint
-- Shards in key order, so that two statements inserting many favorites take their row locks in the
-- same order and cannot deadlock on each other.
CREATE OR REPLACE FUNCTION title_fans_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO title_fan_shards AS tf (media_type, media_id, shard, fans)
      SELECT media_type, media_id, title_fan_shard(user_id), count(*)::integer FROM changed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (media_type, media_id, shard) DO UPDATE SET fans = tf.fans + EXCLUDED.fans;
  ELSE
    UPDATE title_fan_shards tf SET fans = greatest(tf.fans - c.n, 0)
      FROM (SELECT media_type, media_id, title_fan_shard(user_id) AS shard, count(*)::integer AS n FROM changed GROUP BY 1, 2, 3) c
      WHERE tf.media_type = c.media_type AND tf.media_id = c.media_id AND tf.shard = c.shard;
  END IF;
  RETURN NULL;
END
$$;
