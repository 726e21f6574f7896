// The first schema: every entity of both specifications. Frozen once released: later changes
// go in new numbered files. See docs/decisions/001-data-model.md for the Pk/Sk mapping.
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationContext } from './context.js';

const { STRING, INTEGER, BOOLEAN, TEXT, DATE, DATEONLY, DOUBLE } = DataTypes;

const id = { type: INTEGER, primaryKey: true, autoIncrement: true, allowNull: false };
const userRef = (allowNull: boolean, onDelete: 'CASCADE' | 'SET NULL' | 'RESTRICT' = 'CASCADE') => ({
  type: STRING(36),
  allowNull,
  references: { model: 'users', key: 'id' },
  onDelete,
  onUpdate: 'CASCADE',
});
const ref = (table: string, allowNull = false, onDelete: 'CASCADE' | 'SET NULL' = 'CASCADE') => ({
  type: INTEGER,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
  onUpdate: 'CASCADE',
});
const timestamps = {
  created_at: { type: DATE(3), allowNull: false },
  updated_at: { type: DATE(3), allowNull: false },
};
// An address as the spec gives it (offers, shops, drafts hold the same block).
const address = {
  street: { type: STRING(255), allowNull: true },
  city: { type: STRING(120), allowNull: true },
  zip_code: { type: STRING(20), allowNull: true },
  area: { type: STRING(120), allowNull: true },
  sub_area: { type: STRING(120), allowNull: true },
  country: { type: STRING(80), allowNull: true },
  country_iso: { type: STRING(2), allowNull: true },
  lat: { type: DOUBLE, allowNull: true },
  lng: { type: DOUBLE, allowNull: true },
};

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('users', {
    id: { type: STRING(36), primaryKey: true, allowNull: false },
    username: { type: STRING(128), allowNull: true },
    email: { type: STRING(254), allowNull: false, unique: true },
    password_hash: { type: STRING(255), allowNull: true },
    name: { type: STRING(120), allowNull: false, defaultValue: '' },
    phone: { type: STRING(32), allowNull: true },
    picture: { type: STRING(255), allowNull: true },
    profile: { type: STRING(16), allowNull: false },
    is_admin: { type: BOOLEAN, allowNull: false, defaultValue: false },
    user_plan: { type: STRING(16), allowNull: false, defaultValue: 'free' },
    sub_topics: { type: TEXT, allowNull: true },
    internal_sub: { type: STRING(128), allowNull: true },
    country_iso: { type: STRING(2), allowNull: false, defaultValue: 'FR' },
    lang: { type: STRING(5), allowNull: false, defaultValue: 'fr' },
    cgu_from: { type: STRING(120), allowNull: true },
    customer_name: { type: STRING(120), allowNull: true },
    av_boost: { type: INTEGER, allowNull: false, defaultValue: 0 },
    total_boost: { type: INTEGER, allowNull: false, defaultValue: 0 },
    used_boost: { type: INTEGER, allowNull: false, defaultValue: 0 },
    recos_count: { type: INTEGER, allowNull: false, defaultValue: 0 },
    recommanded_count: { type: INTEGER, allowNull: false, defaultValue: 0 },
    recruited: { type: INTEGER, allowNull: false, defaultValue: 0 },
    to_recruit: { type: INTEGER, allowNull: false, defaultValue: 0 },
    actives_offers_count: { type: INTEGER, allowNull: false, defaultValue: 0 },
    candidates_count: { type: INTEGER, allowNull: false, defaultValue: 0 },
    offers_count: { type: INTEGER, allowNull: false, defaultValue: 0 },
    applications_count: { type: INTEGER, allowNull: false, defaultValue: 0 },
    wishlist_count: { type: INTEGER, allowNull: false, defaultValue: 0 },
    contacts_count: { type: INTEGER, allowNull: false, defaultValue: 0 },
    is_migration: { type: BOOLEAN, allowNull: false, defaultValue: false },
    userpool: { type: STRING(32), allowNull: true },
    contactable: { type: BOOLEAN, allowNull: false, defaultValue: true },
    closed_at: { type: DATE(3), allowNull: true },
    notif: { type: TEXT, allowNull: true },
    sso_provider_id: { type: INTEGER, allowNull: true },
    last_co: { type: DATE(3), allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('users', ['profile', 'created_at'], { name: 'users_profile_created' });
  await qi.addIndex('users', ['profile', 'is_migration', 'created_at'], { name: 'users_profile_migration_created' });

  await qi.createTable('user_contact_events', {
    id,
    user_id: userRef(false),
    action: { type: STRING(20), allowNull: false },
    actor_id: userRef(true, 'SET NULL'),
    at: { type: DATE(3), allowNull: false },
  });
  await qi.addIndex('user_contact_events', ['user_id', 'at'], { name: 'contact_events_user_at' });

  await qi.createTable('user_close_events', {
    id,
    user_id: userRef(false),
    actor_id: userRef(true, 'SET NULL'),
    at: { type: DATE(3), allowNull: false },
  });
  await qi.addIndex('user_close_events', ['user_id', 'at'], { name: 'close_events_user_at' });

  await qi.createTable('plan_limits', {
    id,
    user_id: { ...userRef(false), unique: true },
    actives_offers: { type: INTEGER, allowNull: false, defaultValue: 0 },
    ...timestamps,
  });

  await qi.createTable('manager_recruiters', {
    id,
    manager_id: userRef(false),
    recruiter_id: userRef(false),
    created_at: { type: DATE(3), allowNull: false },
  });
  await qi.addIndex('manager_recruiters', ['manager_id', 'recruiter_id'], { unique: true, name: 'manager_recruiters_pair' });
  await qi.addIndex('manager_recruiters', ['recruiter_id'], { name: 'manager_recruiters_recruiter' });

  await qi.createTable('shops', {
    id,
    manager_id: userRef(false),
    shopname: { type: STRING(160), allowNull: false },
    ...address,
    recruiter_id: userRef(true, 'SET NULL'),
    ...timestamps,
  });
  await qi.addIndex('shops', ['manager_id', 'shopname'], { name: 'shops_manager_name' });
  await qi.addIndex('shops', ['recruiter_id'], { name: 'shops_recruiter' });

  await qi.createTable('templates', {
    id,
    owner_id: userRef(false),
    type: { type: STRING(16), allowNull: false, defaultValue: 'offer' },
    content: { type: TEXT, allowNull: false },
    ...timestamps,
  });
  await qi.addIndex('templates', ['owner_id', 'type'], { name: 'templates_owner_type' });

  await qi.createTable('offers', {
    id,
    job_code: { type: STRING(16), allowNull: false, unique: true },
    recruiter_id: userRef(false),
    created_by_id: userRef(true, 'SET NULL'),
    shop_id: ref('shops', true, 'SET NULL'),
    shopname: { type: STRING(160), allowNull: true },
    title: { type: STRING(200), allowNull: false },
    company_name: { type: STRING(160), allowNull: false },
    company_hash: { type: STRING(160), allowNull: true },
    company_picture: { type: STRING(255), allowNull: true },
    company_description: { type: TEXT, allowNull: true },
    description: { type: TEXT, allowNull: false },
    candidate_qualification: { type: TEXT, allowNull: true },
    candidate_experience: { type: STRING(20), allowNull: true },
    candidate_graduation: { type: STRING(20), allowNull: true },
    contract_type: { type: STRING(20), allowNull: true },
    tags: { type: TEXT, allowNull: true },
    start_date: { type: DATEONLY, allowNull: true },
    pay_min: { type: INTEGER, allowNull: true },
    pay_max: { type: INTEGER, allowNull: true },
    pay_currency: { type: STRING(8), allowNull: false, defaultValue: 'EUR' },
    pay_period: { type: STRING(8), allowNull: false, defaultValue: 'month' },
    ...address,
    lang: { type: STRING(5), allowNull: false, defaultValue: 'fr' },
    state: { type: STRING(16), allowNull: false, defaultValue: 'available' },
    is_boosted: { type: BOOLEAN, allowNull: false, defaultValue: false },
    boosted_at: { type: DATE(3), allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('offers', ['state', 'country_iso', 'created_at'], { name: 'offers_state_country_created' });
  await qi.addIndex('offers', ['recruiter_id', 'created_at'], { name: 'offers_recruiter_created' });
  await qi.addIndex('offers', ['company_hash', 'state'], { name: 'offers_company_state' });
  await qi.addIndex('offers', ['shop_id'], { name: 'offers_shop' });

  await qi.createTable('offer_questions', {
    id,
    offer_id: ref('offers'),
    qid: { type: STRING(8), allowNull: false },
    position: { type: INTEGER, allowNull: false },
    question: { type: STRING(500), allowNull: false },
  });
  await qi.addIndex('offer_questions', ['offer_id', 'qid'], { unique: true, name: 'offer_questions_offer_qid' });

  await qi.createTable('draft_offers', {
    id,
    edition_token: { type: STRING(64), allowNull: false, unique: true },
    owner_id: userRef(true, 'SET NULL'),
    offer_json: { type: TEXT, allowNull: false },
    published_offer_id: ref('offers', true, 'SET NULL'),
    ...timestamps,
  });

  await qi.createTable('applications', {
    id,
    candidate_id: userRef(false),
    offer_id: ref('offers'),
    recruiter_id: userRef(false),
    state: { type: STRING(16), allowNull: false, defaultValue: 'applying' },
    recruiter_state: { type: STRING(16), allowNull: false, defaultValue: 'new' },
    start_date: { type: DATE(3), allowNull: true },
    submit_date: { type: DATE(3), allowNull: true },
    cv_key: { type: STRING(255), allowNull: true },
    is_reco: { type: BOOLEAN, allowNull: false, defaultValue: false },
    ...timestamps,
  });
  await qi.addIndex('applications', ['candidate_id', 'offer_id'], { unique: true, name: 'applications_candidate_offer' });
  await qi.addIndex('applications', ['offer_id', 'recruiter_state'], { name: 'applications_offer_rstate' });
  await qi.addIndex('applications', ['recruiter_id', 'state', 'submit_date'], { name: 'applications_recruiter_state' });

  await qi.createTable('application_answers', {
    id,
    application_id: ref('applications'),
    qid: { type: STRING(8), allowNull: false },
    position: { type: INTEGER, allowNull: false },
    question: { type: STRING(500), allowNull: false },
    upload_path: { type: STRING(255), allowNull: true },
    method: { type: STRING(16), allowNull: true },
    state: { type: STRING(16), allowNull: true },
  });
  await qi.addIndex('application_answers', ['application_id', 'qid'], { unique: true, name: 'answers_application_qid' });

  await qi.createTable('wishlist_entries', {
    id,
    candidate_id: userRef(false),
    offer_id: ref('offers'),
    state: { type: STRING(16), allowNull: false, defaultValue: 'pending' },
    added_at: { type: DATE(3), allowNull: false },
    updated_at: { type: DATE(3), allowNull: false },
  });
  await qi.addIndex('wishlist_entries', ['candidate_id', 'offer_id'], { unique: true, name: 'wishlist_candidate_offer' });
  await qi.addIndex('wishlist_entries', ['state', 'added_at'], { name: 'wishlist_state_added' });
  await qi.addIndex('wishlist_entries', ['offer_id'], { name: 'wishlist_offer' });

  await qi.createTable('uploads', {
    id,
    key: { type: STRING(255), allowNull: false, unique: true },
    kind: { type: STRING(16), allowNull: false },
    content_type: { type: STRING(100), allowNull: false },
    size: { type: INTEGER, allowNull: false },
    owner_id: userRef(true, 'SET NULL'),
    created_at: { type: DATE(3), allowNull: false },
  });

  await qi.createTable('landing_interests', {
    id,
    email: { type: STRING(254), allowNull: false },
    job_code: { type: STRING(16), allowNull: false },
    offer_id: ref('offers', true, 'SET NULL'),
    firstname: { type: STRING(120), allowNull: false },
    lastname: { type: STRING(120), allowNull: false },
    phone_number: { type: STRING(32), allowNull: true },
    accept_cgu: { type: BOOLEAN, allowNull: false, defaultValue: false },
    cv_key: { type: STRING(255), allowNull: true },
    cgu_from: { type: STRING(160), allowNull: false },
    custom: { type: STRING(120), allowNull: true },
    notif: { type: INTEGER, allowNull: false, defaultValue: 0 },
    notif_resend: { type: INTEGER, allowNull: false, defaultValue: 0 },
    notified_at: { type: DATE(3), allowNull: true },
    user_id: userRef(true, 'SET NULL'),
    created_at: { type: DATE(3), allowNull: false },
    updated_at: { type: DATE(3), allowNull: false },
  });
  await qi.addIndex('landing_interests', ['job_code', 'email'], { unique: true, name: 'landing_interests_job_email' });
  await qi.addIndex('landing_interests', ['notif', 'created_at'], { name: 'landing_interests_notif_created' });
  await qi.addIndex('landing_interests', ['email'], { name: 'landing_interests_email' });

  await qi.createTable('custom_landings', {
    id,
    identifier: { type: STRING(64), allowNull: false, unique: true },
    name: { type: STRING(160), allowNull: false },
    company_hash: { type: STRING(160), allowNull: false },
    bg_color: { type: STRING(16), allowNull: false, defaultValue: '#000000' },
    select_label: { type: STRING(120), allowNull: false, defaultValue: 'Magasin' },
    select_description: { type: TEXT, allowNull: true },
    selectlist_label: { type: STRING(120), allowNull: false, defaultValue: 'Annonce' },
    informations_description: { type: TEXT, allowNull: true },
    logo_src: { type: STRING(255), allowNull: true },
    logo_width: { type: INTEGER, allowNull: false, defaultValue: 300 },
    logo_height: { type: INTEGER, allowNull: false, defaultValue: 120 },
    ...timestamps,
  });
  await qi.addIndex('custom_landings', ['company_hash'], { name: 'custom_landings_company' });

  await qi.createTable('subscriptions', {
    id,
    sub_id: { type: STRING(64), allowNull: false, unique: true },
    user_id: userRef(true, 'SET NULL'),
    plan_id: { type: STRING(64), allowNull: false },
    quantity: { type: INTEGER, allowNull: false, defaultValue: 1 },
    state: { type: STRING(16), allowNull: false, defaultValue: 'pending' },
    billing_company_name: { type: STRING(160), allowNull: true },
    billing_email: { type: STRING(254), allowNull: true },
    billing_firstname: { type: STRING(120), allowNull: true },
    billing_lastname: { type: STRING(120), allowNull: true },
    hpid: { type: STRING(255), allowNull: true },
    expires_at: { type: DATE(3), allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('subscriptions', ['user_id', 'created_at'], { name: 'subscriptions_user_created' });

  await qi.createTable('subscription_recruiters', {
    id,
    subscription_id: ref('subscriptions'),
    recruiter_id: userRef(false),
    created_at: { type: DATE(3), allowNull: false },
  });
  await qi.addIndex('subscription_recruiters', ['subscription_id', 'recruiter_id'], { unique: true, name: 'subscription_recruiters_pair' });

  await qi.createTable('share_links', {
    id,
    share_id: { type: STRING(64), allowNull: false, unique: true },
    application_id: ref('applications'),
    shared_by_id: userRef(true, 'SET NULL'),
    views: { type: INTEGER, allowNull: false, defaultValue: 0 },
    max_views: { type: INTEGER, allowNull: false, defaultValue: 50 },
    ...timestamps,
  });
  await qi.addIndex('share_links', ['application_id'], { name: 'share_links_application' });

  await qi.createTable('share_views', {
    id,
    view_id: { type: STRING(64), allowNull: false, unique: true },
    share_link_id: ref('share_links'),
    created_at: { type: DATE(3), allowNull: false },
  });
  await qi.addIndex('share_views', ['share_link_id'], { name: 'share_views_link' });

  await qi.createTable('feedbacks', {
    id,
    share_link_id: ref('share_links'),
    share_view_id: { ...ref('share_views'), unique: true },
    name: { type: STRING(120), allowNull: false },
    comment: { type: TEXT, allowNull: true },
    feedback: { type: INTEGER, allowNull: false },
    created_at: { type: DATE(3), allowNull: false },
  });
  await qi.addIndex('feedbacks', ['share_link_id', 'created_at'], { name: 'feedbacks_link_created' });

  await qi.createTable('password_reset_codes', {
    id,
    user_id: userRef(false),
    code_hash: { type: STRING(128), allowNull: false },
    expires_at: { type: DATE(3), allowNull: false },
    used_at: { type: DATE(3), allowNull: true },
    attempts: { type: INTEGER, allowNull: false, defaultValue: 0 },
    created_at: { type: DATE(3), allowNull: false },
  });
  await qi.addIndex('password_reset_codes', ['user_id', 'created_at'], { name: 'reset_codes_user_created' });

  await qi.createTable('sso_providers', {
    id,
    identifier: { type: STRING(64), allowNull: false, unique: true },
    name: { type: STRING(160), allowNull: false },
    entry_point: { type: STRING(500), allowNull: false },
    idp_issuer: { type: STRING(500), allowNull: true },
    idp_cert: { type: TEXT, allowNull: false },
    default_profile: { type: STRING(16), allowNull: false, defaultValue: 'recruiter' },
    ...timestamps,
  });

  await qi.createTable('sso_provider_domains', {
    id,
    sso_provider_id: ref('sso_providers'),
    domain: { type: STRING(190), allowNull: false, unique: true },
  });

  await qi.createTable('audit_log', {
    id,
    actor_id: userRef(true, 'SET NULL'),
    action: { type: STRING(64), allowNull: false },
    resource: { type: STRING(64), allowNull: false },
    record_id: { type: STRING(64), allowNull: true },
    before_json: { type: TEXT, allowNull: true },
    after_json: { type: TEXT, allowNull: true },
    created_at: { type: DATE(3), allowNull: false },
  });
  await qi.addIndex('audit_log', ['created_at'], { name: 'audit_log_created' });
  await qi.addIndex('audit_log', ['resource', 'record_id'], { name: 'audit_log_record' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  const tables = [
    'audit_log',
    'sso_provider_domains',
    'sso_providers',
    'password_reset_codes',
    'feedbacks',
    'share_views',
    'share_links',
    'subscription_recruiters',
    'subscriptions',
    'custom_landings',
    'landing_interests',
    'uploads',
    'wishlist_entries',
    'application_answers',
    'applications',
    'draft_offers',
    'offer_questions',
    'offers',
    'templates',
    'shops',
    'manager_recruiters',
    'plan_limits',
    'user_close_events',
    'user_contact_events',
    'users',
  ];
  for (const t of tables) await (qi as QueryInterface).dropTable(t);
}
