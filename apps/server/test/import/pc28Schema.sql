-- The previous product's tables as the importer reads them, written from what is known of its schema
-- (docs/import.md, "The source"): a FastAdmin / ThinkPHP back end, table prefix fa_, times in Unix
-- seconds, cash in decimal(10,2), the bonus balance an integer. Only the columns that matter, plus a few
-- the product has that the importer ignores.
CREATE TABLE fa_admin (
  id int(10) unsigned NOT NULL AUTO_INCREMENT,
  username varchar(20) NOT NULL DEFAULT '',
  nickname varchar(50) NOT NULL DEFAULT '',
  password varchar(32) NOT NULL DEFAULT '',
  salt varchar(30) NOT NULL DEFAULT '',
  status varchar(30) NOT NULL DEFAULT 'normal',
  PRIMARY KEY (id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE fa_domain (
  id int(10) unsigned NOT NULL AUTO_INCREMENT,
  admin_id int(10) unsigned NOT NULL DEFAULT 0,
  domain varchar(100) NOT NULL DEFAULT '',
  status tinyint(1) NOT NULL DEFAULT 1,
  PRIMARY KEY (id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE fa_user (
  id int(10) unsigned NOT NULL AUTO_INCREMENT,
  group_id int(10) unsigned NOT NULL DEFAULT 1,
  username varchar(32) NOT NULL DEFAULT '',
  nickname varchar(50) NOT NULL DEFAULT '',
  password varchar(32) NOT NULL DEFAULT '',
  salt varchar(30) NOT NULL DEFAULT '',
  email varchar(100) NOT NULL DEFAULT '',
  mobile varchar(11) NOT NULL DEFAULT '',
  avatar varchar(255) NOT NULL DEFAULT '',
  money decimal(10,2) NOT NULL DEFAULT 0.00,
  score int(10) NOT NULL DEFAULT 0,
  inviter_id int(10) unsigned NOT NULL DEFAULT 1,
  admin_id int(10) unsigned NOT NULL DEFAULT 0,
  pass_code varchar(10) NOT NULL DEFAULT '',
  status varchar(30) NOT NULL DEFAULT 'normal',
  jointime int(10) DEFAULT NULL,
  joinip varchar(50) NOT NULL DEFAULT '',
  logintime int(10) DEFAULT NULL,
  createtime int(10) DEFAULT NULL,
  updatetime int(10) DEFAULT NULL,
  PRIMARY KEY (id),
  KEY username (username)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE fa_user_token (
  token varchar(50) NOT NULL,
  user_id int(10) unsigned NOT NULL DEFAULT 0,
  createtime int(10) DEFAULT NULL,
  expiretime int(10) DEFAULT NULL,
  PRIMARY KEY (token)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE fa_game (
  id int(10) unsigned NOT NULL,
  name varchar(50) NOT NULL DEFAULT '',
  status tinyint(1) NOT NULL DEFAULT 1,
  PRIMARY KEY (id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE fa_game_plan (
  id int(10) unsigned NOT NULL AUTO_INCREMENT,
  game_id int(10) unsigned NOT NULL,
  title varchar(50) NOT NULL DEFAULT '',
  type tinyint(1) NOT NULL DEFAULT 0,
  min_limit decimal(10,2) NOT NULL DEFAULT 0.00,
  join_limit decimal(10,2) NOT NULL DEFAULT 0.00,
  robot_num int(10) NOT NULL DEFAULT 0,
  PRIMARY KEY (id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE fa_plan_rule (
  id int(10) unsigned NOT NULL AUTO_INCREMENT,
  game_plan_id int(10) unsigned NOT NULL,
  class int(10) NOT NULL,
  class_name varchar(20) NOT NULL DEFAULT '',
  odds decimal(10,2) NOT NULL DEFAULT 0.00,
  limit_min decimal(10,2) NOT NULL DEFAULT 0.00,
  limit_max decimal(10,2) NOT NULL DEFAULT 0.00,
  status tinyint(1) NOT NULL DEFAULT 1,
  PRIMARY KEY (id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE fa_issue (
  id int(10) unsigned NOT NULL AUTO_INCREMENT,
  game_id int(10) unsigned NOT NULL,
  issue varchar(30) NOT NULL,
  site_1 tinyint(1) NOT NULL DEFAULT 0,
  site_2 tinyint(1) NOT NULL DEFAULT 0,
  site_3 tinyint(1) NOT NULL DEFAULT 0,
  code tinyint(2) NOT NULL DEFAULT 0,
  status tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  KEY game_issue (game_id, issue)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE fa_order (
  id int(10) unsigned NOT NULL AUTO_INCREMENT,
  orderNo varchar(32) NOT NULL,
  user_id int(10) unsigned NOT NULL,
  game_id int(10) unsigned NOT NULL,
  plan_id int(10) unsigned NOT NULL,
  issue varchar(30) NOT NULL,
  play_type int(10) NOT NULL,
  play_method varchar(20) NOT NULL DEFAULT '',
  odds decimal(10,2) NOT NULL DEFAULT 0.00,
  quantity decimal(10,2) NOT NULL DEFAULT 0.00,
  profit decimal(10,2) NOT NULL DEFAULT 0.00,
  whether_hit tinyint(1) NOT NULL DEFAULT 0,
  status tinyint(1) NOT NULL DEFAULT 0,
  lottery_code varchar(30) NOT NULL DEFAULT '',
  createtime int(10) DEFAULT NULL,
  PRIMARY KEY (id),
  KEY user_id (user_id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE fa_quantity_log (
  id int(10) unsigned NOT NULL AUTO_INCREMENT,
  user_id int(10) unsigned NOT NULL,
  quantity decimal(10,2) NOT NULL DEFAULT 0.00,
  `over` decimal(10,2) NOT NULL DEFAULT 0.00,
  type tinyint(1) NOT NULL DEFAULT 0,
  status tinyint(1) NOT NULL DEFAULT 1,
  mark varchar(255) NOT NULL DEFAULT '',
  createtime int(10) DEFAULT NULL,
  PRIMARY KEY (id),
  KEY user_id (user_id)
) DEFAULT CHARSET=utf8mb4;

CREATE TABLE fa_user_pay (
  id int(10) unsigned NOT NULL AUTO_INCREMENT,
  user_id int(10) unsigned NOT NULL,
  acc varchar(100) NOT NULL DEFAULT '',
  acc_name varchar(100) NOT NULL DEFAULT '',
  acc_bank varchar(100) NOT NULL DEFAULT '',
  status tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  KEY user_id (user_id)
) DEFAULT CHARSET=utf8mb4;
