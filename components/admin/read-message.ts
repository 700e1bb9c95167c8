/** The `message` of a JSON error/success body, or "" when there is none. */
export async function readMessage(res: Response): Promise<string> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
  } catch {
    // not JSON
  }
  return "";
}
