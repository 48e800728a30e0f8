-- title_fans (0015): how many favorites rows each title has, so the match search (decision 014) knows
-- which of a user's titles are rare without counting fans. Kept by statement triggers in the same
-- transaction as the insert or delete, whoever writes; the ranking stays exact whatever it says.
CREATE FUNCTION title_fans_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO title_fans AS tf (media_type, media_id, fans)
      SELECT media_type, media_id, count(*)::integer FROM changed GROUP BY media_type, media_id
      ON CONFLICT (media_type, media_id) DO UPDATE SET fans = tf.fans + EXCLUDED.fans;
  ELSE
    UPDATE title_fans tf SET fans = greatest(tf.fans - c.n, 0)
      FROM (SELECT media_type, media_id, count(*)::integer AS n FROM changed GROUP BY media_type, media_id) c
      WHERE tf.media_type = c.media_type AND tf.media_id = c.media_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER favorites_fans_insert AFTER INSERT ON favorites REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION title_fans_apply();--> statement-breakpoint
CREATE TRIGGER favorites_fans_delete AFTER DELETE ON favorites REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION title_fans_apply();--> statement-breakpoint
INSERT INTO title_fans (media_type, media_id, fans)
  SELECT media_type, media_id, count(*)::integer FROM favorites GROUP BY media_type, media_id;
