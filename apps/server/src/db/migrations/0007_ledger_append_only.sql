-- Ledger rows are never deleted and never change in amount (docs/design.md#money-and-the-ledger): the database itself refuses.
-- Only the status may change; a pending row (status 0) may also become applied (an approved deposit
-- reaches the balance), with its balance-after and note, when it is decided.
CREATE OR REPLACE FUNCTION ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'ledger rows are never deleted';
  END IF;
  IF NEW.id <> OLD.id OR NEW.user_id <> OLD.user_id OR NEW.type <> OLD.type OR NEW.wallet <> OLD.wallet
     OR NEW.quantity <> OLD.quantity OR NEW.gorct <> OLD.gorct OR NEW.created_at <> OLD.created_at
     OR NEW.ref_type IS DISTINCT FROM OLD.ref_type OR NEW.ref_id IS DISTINCT FROM OLD.ref_id THEN
    RAISE EXCEPTION 'ledger rows never change but in status';
  END IF;
  IF OLD.status <> 0 AND (NEW.applied <> OLD.applied OR NEW.over <> OLD.over OR NEW.memo IS DISTINCT FROM OLD.memo) THEN
    RAISE EXCEPTION 'a decided ledger row never changes but in status';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_no_delete_no_rewrite BEFORE UPDATE OR DELETE ON "ledger"
  FOR EACH ROW EXECUTE FUNCTION ledger_guard();--> statement-breakpoint
CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON "ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_guard();
