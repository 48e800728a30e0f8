-- match_sigs.genre_bits (0035), decision 014: the favorite genres as bits, so the match search counts
-- shared genres with one bit_count per user instead of comparing text arrays. Bit i is the i-th name
-- of the genre table as it is now (shared/catalogue.ts ALL_GENRES, which favoriteGenresSchema
-- accepts). A name not in this list gets no bit: the search counts such names of the viewer by text,
-- so the bonus stays exact if the genre table grows before this list does.
CREATE FUNCTION match_genre_bits(genres text[]) RETURNS bit(64) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(set_bit(repeat('0', 64)::bit(64), p - 1, 1)), repeat('0', 64)::bit(64))
  FROM (SELECT array_position(ARRAY['Action', 'Adventure', 'Animation', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Family',
    'Fantasy', 'History', 'Horror', 'Music', 'Mystery', 'Romance', 'Science Fiction', 'TV Movie', 'Thriller', 'War', 'Western',
    'Action & Adventure', 'Kids', 'News', 'Reality', 'Sci-Fi & Fantasy', 'Soap', 'Talk', 'War & Politics']::text[], g) AS p
    FROM unnest(genres) g) x
  WHERE p IS NOT NULL
$$;--> statement-breakpoint
-- The viewer's genres that match_genre_bits() does not know (counted by text in the search).
CREATE FUNCTION match_genres_unknown(genres text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}') FROM unnest(genres) g
  WHERE match_genre_bits(ARRAY[g]) = repeat('0', 64)::bit(64)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION match_sigs_refresh(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO match_sigs (user_id) SELECT DISTINCT i FROM unnest(ids) i ON CONFLICT (user_id) DO NOTHING;
  PERFORM 1 FROM match_sigs WHERE user_id IN (SELECT unnest(ids)) ORDER BY user_id FOR UPDATE;
  UPDATE match_sigs s
    SET visible = u.email_verified AND NOT p.is_banned AND NOT p.is_private AND p.show_favorites,
        genres = coalesce(p.favorite_genres, '{}'),
        genre_bits = match_genre_bits(coalesce(p.favorite_genres, '{}'))
    FROM profiles p JOIN "user" u ON u.id = p.id
    WHERE s.user_id = p.id AND p.id IN (SELECT unnest(ids));
END
$$;--> statement-breakpoint
UPDATE match_sigs SET genre_bits = match_genre_bits(genres) WHERE genre_bits IS DISTINCT FROM match_genre_bits(genres);
