-- The schema as migrations 0000–0017 left it (squashed on 2026-11-26, ADR 022): extensions, types,
-- tables, sequences, constraints and indexes. Functions and triggers are not here: each is defined
-- once in src/server/db/sql/ and applied at every start (src/server/db/database-code.ts), functions
-- before the migrations (the bigram indexes below use search_bigrams()) and triggers after them.
-- Written from pg_dump --schema-only of a database migrated by 0000–0017; a database already at
-- 0017 skips this file (its journal entry has 0017's time).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE TYPE public.action_category AS ENUM (
    'maintenance',
    'repair',
    'replacement',
    'compliance'
);
--> statement-breakpoint
CREATE TYPE public.action_priority AS ENUM (
    'critical',
    'high',
    'medium',
    'low'
);
--> statement-breakpoint
CREATE TYPE public.action_status AS ENUM (
    'open',
    'in_progress',
    'waiting',
    'completed',
    'verified',
    'closed'
);
--> statement-breakpoint
CREATE TYPE public.asset_condition AS ENUM (
    'excellent',
    'good',
    'fair',
    'poor',
    'unsafe'
);
--> statement-breakpoint
CREATE TYPE public.asset_status AS ENUM (
    'draft',
    'active',
    'under_repair',
    'decommissioned',
    'disposed'
);
--> statement-breakpoint
CREATE TYPE public.asset_type AS ENUM (
    'fire_door',
    'hvac',
    'pc',
    'monitor',
    'printer',
    'meter',
    'roof',
    'other'
);
--> statement-breakpoint
CREATE TYPE public.compliance_value AS ENUM (
    'yes',
    'no',
    'na'
);
--> statement-breakpoint
CREATE TYPE public.defect_severity AS ENUM (
    'low',
    'medium',
    'high',
    'critical'
);
--> statement-breakpoint
CREATE TYPE public.export_format AS ENUM (
    'xlsx',
    'csv'
);
--> statement-breakpoint
CREATE TYPE public.location_type AS ENUM (
    'organisation',
    'region',
    'site',
    'building',
    'floor',
    'area'
);
--> statement-breakpoint
CREATE TYPE public.meter_type AS ENUM (
    'electricity',
    'gas',
    'water'
);
--> statement-breakpoint
CREATE TYPE public.report_type AS ENUM (
    'asset_register',
    'actions_list',
    'condition_summary',
    'compliance_schedule',
    'meter_logs'
);
--> statement-breakpoint
CREATE TYPE public.user_role AS ENUM (
    'org_admin',
    'asset_manager',
    'surveyor',
    'area_manager'
);
--> statement-breakpoint
CREATE SEQUENCE public.action_code_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
CREATE TABLE public.action_counts (
    status public.action_status NOT NULL,
    priority public.action_priority NOT NULL,
    slot smallint NOT NULL,
    n integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.actions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    action_id text DEFAULT ('ACT-'::text || lpad((nextval('public.action_code_seq'::regclass))::text, 6, '0'::text)) NOT NULL,
    asset_id uuid,
    assessment_id uuid,
    title text NOT NULL,
    description text,
    category public.action_category DEFAULT 'maintenance'::public.action_category NOT NULL,
    priority public.action_priority NOT NULL,
    status public.action_status DEFAULT 'open'::public.action_status NOT NULL,
    assignee text,
    target_date text,
    completed_date text,
    created_by uuid NOT NULL,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    search_text text GENERATED ALWAYS AS (lower(((((((action_id || ' '::text) || title) || ' '::text) || COALESCE(description, ''::text)) || ' '::text) || COALESCE(assignee, ''::text)))) STORED,
    asset_code text
);
--> statement-breakpoint
CREATE SEQUENCE public.assessment_code_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
CREATE TABLE public.assessments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    assessment_id text DEFAULT ('ASM-'::text || lpad((nextval('public.assessment_code_seq'::regclass))::text, 6, '0'::text)) NOT NULL,
    asset_id uuid NOT NULL,
    condition public.asset_condition NOT NULL,
    condition_notes text,
    assessed_by uuid NOT NULL,
    assessed_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.asset_code_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
CREATE TABLE public.asset_counts (
    month date NOT NULL,
    condition public.asset_condition NOT NULL,
    slot smallint NOT NULL,
    n integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.assets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    asset_id text DEFAULT ('AST-'::text || lpad((nextval('public.asset_code_seq'::regclass))::text, 6, '0'::text)) NOT NULL,
    client_asset_id text,
    type public.asset_type NOT NULL,
    subtype text,
    make text,
    model text,
    serial text,
    description text,
    location_id uuid NOT NULL,
    location_path text NOT NULL,
    install_date text,
    warranty_expiry text,
    condition public.asset_condition NOT NULL,
    condition_notes text,
    compliance_fire public.compliance_value DEFAULT 'na'::public.compliance_value NOT NULL,
    compliance_electrical public.compliance_value DEFAULT 'na'::public.compliance_value NOT NULL,
    compliance_loler public.compliance_value DEFAULT 'na'::public.compliance_value NOT NULL,
    compliance_hygiene public.compliance_value DEFAULT 'na'::public.compliance_value NOT NULL,
    qr_code text,
    barcode text,
    custom_fields jsonb DEFAULT '{}'::jsonb NOT NULL,
    photo_urls text[] DEFAULT '{}'::text[] NOT NULL,
    status public.asset_status DEFAULT 'draft'::public.asset_status NOT NULL,
    created_by uuid NOT NULL,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    search_text text GENERATED ALWAYS AS (lower(((((((((((((asset_id || ' '::text) || COALESCE(make, ''::text)) || ' '::text) || COALESCE(model, ''::text)) || ' '::text) || COALESCE(serial, ''::text)) || ' '::text) || COALESCE(description, ''::text)) || ' '::text) || location_path) || ' '::text) ||
CASE type
    WHEN 'fire_door'::public.asset_type THEN 'fire_door fire door'::text
    WHEN 'hvac'::public.asset_type THEN 'hvac'::text
    WHEN 'pc'::public.asset_type THEN 'pc'::text
    WHEN 'monitor'::public.asset_type THEN 'monitor'::text
    WHEN 'printer'::public.asset_type THEN 'printer'::text
    WHEN 'meter'::public.asset_type THEN 'meter'::text
    WHEN 'roof'::public.asset_type THEN 'roof'::text
    ELSE 'other'::text
END))) STORED
);
--> statement-breakpoint
ALTER TABLE ONLY public.assets ALTER COLUMN search_text SET STATISTICS 250;
--> statement-breakpoint
CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    actor_id uuid,
    entity text NOT NULL,
    entity_id uuid NOT NULL,
    asset_id uuid,
    operation text NOT NULL,
    before jsonb,
    after jsonb,
    CONSTRAINT audit_log_operation_valid CHECK ((operation = ANY (ARRAY['create'::text, 'update'::text, 'delete'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.audit_log_id_seq OWNED BY public.audit_log.id;
--> statement-breakpoint
CREATE TABLE public.defects (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    assessment_id uuid NOT NULL,
    code text,
    description text NOT NULL,
    severity public.defect_severity NOT NULL,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.locations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    type public.location_type NOT NULL,
    parent_id uuid,
    code text,
    description text,
    gps_lat text,
    gps_lon text,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    path text NOT NULL,
    ancestor_ids uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.login_failures (
    id bigint NOT NULL,
    username_key text NOT NULL,
    ip text NOT NULL,
    failed_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.login_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.login_failures_id_seq OWNED BY public.login_failures.id;
--> statement-breakpoint
CREATE TABLE public.media (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    asset_id uuid,
    assessment_id uuid,
    action_id uuid,
    type text NOT NULL,
    url text NOT NULL,
    filename text NOT NULL,
    filesize integer,
    mime_type text,
    caption text,
    gps_lat text,
    gps_lon text,
    taken_at timestamp with time zone,
    uploaded_by uuid NOT NULL,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    object_key text,
    thumbnail_key text,
    width integer,
    height integer
);
--> statement-breakpoint
CREATE TABLE public.meter_readings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    meter_id uuid NOT NULL,
    reading integer NOT NULL,
    reading_date timestamp with time zone NOT NULL,
    recorded_by uuid NOT NULL,
    notes text,
    photo_url text,
    is_reset boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    CONSTRAINT meter_readings_reading_non_negative CHECK ((reading >= 0))
);
--> statement-breakpoint
CREATE TABLE public.meters (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    meter_number text NOT NULL,
    type public.meter_type NOT NULL,
    unit text NOT NULL,
    multiplier integer DEFAULT 1 NOT NULL,
    location_id uuid NOT NULL,
    location_path text NOT NULL,
    last_reading integer,
    last_reading_date timestamp with time zone,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL,
    search_text text GENERATED ALWAYS AS (lower(((meter_number || ' '::text) || location_path))) STORED,
    CONSTRAINT meters_multiplier_positive CHECK ((multiplier >= 1))
);
--> statement-breakpoint
CREATE TABLE public.report_exports (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    report_type public.report_type NOT NULL,
    format public.export_format NOT NULL,
    location_id uuid,
    location_name text,
    filename text NOT NULL,
    object_key text NOT NULL,
    size integer NOT NULL,
    row_count integer NOT NULL,
    created_at timestamp with time zone DEFAULT date_trunc('milliseconds'::text, now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.search_words (
    word text NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.sessions (
    id text NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.upload_grants (
    key text NOT NULL,
    user_id uuid NOT NULL,
    declared_size integer,
    stored_size integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    completed_at timestamp with time zone,
    discarded_at timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE public.users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    username text NOT NULL,
    password_hash text NOT NULL,
    full_name text NOT NULL,
    email text,
    role public.user_role NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE ONLY public.audit_log ALTER COLUMN id SET DEFAULT nextval('public.audit_log_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.login_failures ALTER COLUMN id SET DEFAULT nextval('public.login_failures_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.action_counts
    ADD CONSTRAINT action_counts_status_priority_slot_pk PRIMARY KEY (status, priority, slot);
--> statement-breakpoint
ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.assessments
    ADD CONSTRAINT assessments_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.asset_counts
    ADD CONSTRAINT asset_counts_month_condition_slot_pk PRIMARY KEY (month, condition, slot);
--> statement-breakpoint
ALTER TABLE ONLY public.assets
    ADD CONSTRAINT assets_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.defects
    ADD CONSTRAINT defects_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.locations
    ADD CONSTRAINT locations_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.login_failures
    ADD CONSTRAINT login_failures_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.meters
    ADD CONSTRAINT meters_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.report_exports
    ADD CONSTRAINT report_exports_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.search_words
    ADD CONSTRAINT search_words_pkey PRIMARY KEY (word);
--> statement-breakpoint
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.upload_grants
    ADD CONSTRAINT upload_grants_pkey PRIMARY KEY (key);
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);
--> statement-breakpoint
CREATE UNIQUE INDEX actions_action_id_key ON public.actions USING btree (action_id);
--> statement-breakpoint
CREATE INDEX actions_assessment_id_idx ON public.actions USING btree (assessment_id);
--> statement-breakpoint
CREATE INDEX actions_asset_id_idx ON public.actions USING btree (asset_id);
--> statement-breakpoint
CREATE INDEX actions_created_at_id_idx ON public.actions USING btree (created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX actions_created_by_idx ON public.actions USING btree (created_by);
--> statement-breakpoint
CREATE INDEX actions_priority_created_at_idx ON public.actions USING btree (priority, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX actions_search_bigrams_idx ON public.actions USING gin (public.search_bigrams(search_text));
--> statement-breakpoint
CREATE INDEX actions_search_text_trgm_idx ON public.actions USING gin (search_text public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX actions_status_priority_created_at_idx ON public.actions USING btree (status, priority, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX assessments_assessed_by_idx ON public.assessments USING btree (assessed_by);
--> statement-breakpoint
CREATE UNIQUE INDEX assessments_assessment_id_key ON public.assessments USING btree (assessment_id);
--> statement-breakpoint
CREATE INDEX assessments_asset_id_assessed_at_idx ON public.assessments USING btree (asset_id, assessed_at DESC);
--> statement-breakpoint
CREATE UNIQUE INDEX assets_asset_id_key ON public.assets USING btree (asset_id);
--> statement-breakpoint
CREATE UNIQUE INDEX assets_client_asset_id_key ON public.assets USING btree (client_asset_id);
--> statement-breakpoint
CREATE INDEX assets_condition_created_at_idx ON public.assets USING btree (condition, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX assets_created_at_id_idx ON public.assets USING btree (created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX assets_created_by_idx ON public.assets USING btree (created_by);
--> statement-breakpoint
CREATE INDEX assets_location_id_idx ON public.assets USING btree (location_id);
--> statement-breakpoint
CREATE INDEX assets_search_bigrams_idx ON public.assets USING gin (public.search_bigrams(search_text));
--> statement-breakpoint
CREATE INDEX assets_search_text_trgm_idx ON public.assets USING gin (search_text public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX assets_type_created_at_idx ON public.assets USING btree (type, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX audit_log_actor_id_idx ON public.audit_log USING btree (actor_id);
--> statement-breakpoint
CREATE INDEX audit_log_asset_id_id_idx ON public.audit_log USING btree (asset_id, id DESC);
--> statement-breakpoint
CREATE INDEX audit_log_entity_id_idx ON public.audit_log USING btree (entity_id);
--> statement-breakpoint
CREATE INDEX defects_assessment_id_idx ON public.defects USING btree (assessment_id);
--> statement-breakpoint
CREATE INDEX locations_ancestor_ids_idx ON public.locations USING gin (ancestor_ids);
--> statement-breakpoint
CREATE INDEX locations_parent_id_idx ON public.locations USING btree (parent_id);
--> statement-breakpoint
CREATE INDEX locations_path_trgm_idx ON public.locations USING gin (path public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX locations_type_path_idx ON public.locations USING btree (type, path);
--> statement-breakpoint
CREATE INDEX login_failures_username_failed_at_idx ON public.login_failures USING btree (username_key, failed_at);
--> statement-breakpoint
CREATE INDEX media_action_id_idx ON public.media USING btree (action_id);
--> statement-breakpoint
CREATE INDEX media_assessment_id_idx ON public.media USING btree (assessment_id);
--> statement-breakpoint
CREATE INDEX media_asset_id_created_at_idx ON public.media USING btree (asset_id, created_at DESC);
--> statement-breakpoint
CREATE UNIQUE INDEX media_object_key_key ON public.media USING btree (object_key);
--> statement-breakpoint
CREATE INDEX media_uploaded_by_idx ON public.media USING btree (uploaded_by);
--> statement-breakpoint
CREATE INDEX meter_readings_meter_id_reading_date_idx ON public.meter_readings USING btree (meter_id, reading_date DESC, id DESC);
--> statement-breakpoint
CREATE INDEX meter_readings_recorded_by_idx ON public.meter_readings USING btree (recorded_by);
--> statement-breakpoint
CREATE INDEX meters_location_id_idx ON public.meters USING btree (location_id);
--> statement-breakpoint
CREATE INDEX meters_meter_number_id_idx ON public.meters USING btree (meter_number, id);
--> statement-breakpoint
CREATE UNIQUE INDEX meters_meter_number_lower_key ON public.meters USING btree (lower(meter_number));
--> statement-breakpoint
CREATE INDEX meters_search_bigrams_idx ON public.meters USING gin (public.search_bigrams(search_text));
--> statement-breakpoint
CREATE INDEX meters_search_text_trgm_idx ON public.meters USING gin (search_text public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX report_exports_location_id_idx ON public.report_exports USING btree (location_id);
--> statement-breakpoint
CREATE INDEX report_exports_user_id_created_at_idx ON public.report_exports USING btree (user_id, created_at DESC);
--> statement-breakpoint
CREATE INDEX search_words_word_trgm_idx ON public.search_words USING gin (word public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX sessions_expires_at_idx ON public.sessions USING btree (expires_at);
--> statement-breakpoint
CREATE INDEX sessions_user_id_idx ON public.sessions USING btree (user_id);
--> statement-breakpoint
CREATE INDEX upload_grants_created_at_idx ON public.upload_grants USING btree (created_at);
--> statement-breakpoint
CREATE INDEX upload_grants_user_id_created_at_idx ON public.upload_grants USING btree (user_id, created_at);
--> statement-breakpoint
CREATE UNIQUE INDEX users_username_lower_key ON public.users USING btree (lower(username));
--> statement-breakpoint
ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_assessment_id_assessments_id_fk FOREIGN KEY (assessment_id) REFERENCES public.assessments(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_asset_id_assets_id_fk FOREIGN KEY (asset_id) REFERENCES public.assets(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_created_by_users_id_fk FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.assessments
    ADD CONSTRAINT assessments_assessed_by_users_id_fk FOREIGN KEY (assessed_by) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.assessments
    ADD CONSTRAINT assessments_asset_id_assets_id_fk FOREIGN KEY (asset_id) REFERENCES public.assets(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.assets
    ADD CONSTRAINT assets_created_by_users_id_fk FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.assets
    ADD CONSTRAINT assets_location_id_locations_id_fk FOREIGN KEY (location_id) REFERENCES public.locations(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.defects
    ADD CONSTRAINT defects_assessment_id_assessments_id_fk FOREIGN KEY (assessment_id) REFERENCES public.assessments(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.locations
    ADD CONSTRAINT locations_parent_id_locations_id_fk FOREIGN KEY (parent_id) REFERENCES public.locations(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_action_id_actions_id_fk FOREIGN KEY (action_id) REFERENCES public.actions(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_assessment_id_assessments_id_fk FOREIGN KEY (assessment_id) REFERENCES public.assessments(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_asset_id_assets_id_fk FOREIGN KEY (asset_id) REFERENCES public.assets(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.media
    ADD CONSTRAINT media_uploaded_by_users_id_fk FOREIGN KEY (uploaded_by) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_meter_id_meters_id_fk FOREIGN KEY (meter_id) REFERENCES public.meters(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_recorded_by_users_id_fk FOREIGN KEY (recorded_by) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.meters
    ADD CONSTRAINT meters_location_id_locations_id_fk FOREIGN KEY (location_id) REFERENCES public.locations(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.report_exports
    ADD CONSTRAINT report_exports_location_id_locations_id_fk FOREIGN KEY (location_id) REFERENCES public.locations(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.report_exports
    ADD CONSTRAINT report_exports_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.upload_grants
    ADD CONSTRAINT upload_grants_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
