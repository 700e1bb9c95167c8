import "server-only";
import { auditedWrite } from "@/lib/audit/service";
import {
  createCategory,
  createProduct,
  deleteCategory,
  deleteProduct,
  getAdminCategory,
  getAdminProduct,
  updateCategory,
  updateProduct,
} from "@/lib/catalog/service";

/**
 * The catalogue's admin writes with their audit rows (lib/audit/service.ts).
 * The catalogue service stays as it is (its rules and cache expiry); admin
 * routes and actions call these instead, so each write is logged in one place.
 */
type Row = Record<string, unknown>;
const snapshot = <T extends object>(value: T) => ({ ...value }) as Row;
const orNull = <T extends object>(read: () => Promise<T>) => () => read().then(snapshot, () => null);

export function auditedCreateProduct(input: Parameters<typeof createProduct>[0]) {
  return auditedWrite({ entityType: "product", action: "create", after: snapshot }, () => createProduct(input));
}

export function auditedUpdateProduct(id: number | string, input: Parameters<typeof updateProduct>[1]) {
  return auditedWrite({ entityType: "product", action: "update", entityId: id, before: orNull(() => getAdminProduct(id)), after: snapshot }, () => updateProduct(id, input));
}

export function auditedDeleteProduct(id: number | string) {
  return auditedWrite({ entityType: "product", action: "delete", entityId: id, before: orNull(() => getAdminProduct(id)) }, () => deleteProduct(id));
}

export function auditedCreateCategory(input: Parameters<typeof createCategory>[0]) {
  return auditedWrite({ entityType: "category", action: "create", after: snapshot }, () => createCategory(input));
}

export function auditedUpdateCategory(id: number | string, input: Parameters<typeof updateCategory>[1]) {
  return auditedWrite({ entityType: "category", action: "update", entityId: id, before: orNull(() => getAdminCategory(id)), after: snapshot }, () => updateCategory(id, input));
}

export function auditedDeleteCategory(id: number | string) {
  return auditedWrite({ entityType: "category", action: "delete", entityId: id, before: orNull(() => getAdminCategory(id)) }, () => deleteCategory(id));
}
