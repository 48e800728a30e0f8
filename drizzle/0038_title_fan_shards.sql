CREATE TABLE "title_fan_shards" (
	"media_type" text NOT NULL,
	"media_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "title_fan_shards_media_type_media_id_shard_pk" PRIMARY KEY("media_type","media_id","shard")
);
