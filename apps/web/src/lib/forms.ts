import type { FormInstance } from 'antd';

/**
 * The form's values when every rule passes, or undefined when one fails: the form then shows what is wrong beside
 * each field, so the caller just stops (`const v = await validValues(form); if (!v) return;`).
 */
export async function validValues<T>(form: FormInstance<T>): Promise<T | undefined> {
  try {
    return await form.validateFields();
  } catch {
    return undefined;
  }
}
