/** @jest-environment jsdom */
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ShipOrderDialog } from "@/components/admin/ship-order-dialog";
import { settleSave } from "@/components/admin/use-form-dialog";

/** A promise the test settles by hand, to look at the dialog while its save runs. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function renderShip(onShip: jest.Mock) {
  const onOpenChange = jest.fn();
  render(<ShipOrderDialog orderNumber="MM-1" open onOpenChange={onOpenChange} onShip={onShip} />);
  return { onOpenChange, tracking: screen.getByLabelText("Tracking number"), submit: screen.getByRole("button", { name: "Mark shipped" }) };
}

describe("an admin form dialog (useFormDialog, through the ship dialog)", () => {
  it("says what is wrong with a field and sends nothing; editing the field clears the message", async () => {
    const user = userEvent.setup();
    const onShip = jest.fn();
    const { tracking, submit } = renderShip(onShip);
    await user.type(tracking, "12");
    await user.click(submit);
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(tracking).toHaveAttribute("aria-invalid", "true");
    expect(onShip).not.toHaveBeenCalled();
    await user.type(tracking, "3");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("is busy while the save runs, closes when it worked", async () => {
    const user = userEvent.setup();
    const answer = deferred<boolean>();
    const onShip = jest.fn(() => answer.promise);
    const { tracking, submit, onOpenChange } = renderShip(onShip);
    await user.type(tracking, "9400111899223344556677");
    await user.click(submit);
    expect(onShip).toHaveBeenCalledWith({ carrier: "USPS", trackingNumber: "9400111899223344556677" });
    expect(submit).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await user.click(submit);
    expect(onShip).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve(true));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("stays open and usable when the save was refused", async () => {
    const user = userEvent.setup();
    const onShip = jest.fn(async () => false);
    const { tracking, submit, onOpenChange } = renderShip(onShip);
    await user.type(tracking, "9400111899223344556677");
    await user.click(submit);
    await waitFor(() => expect(submit).toBeEnabled());
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe("settleSave", () => {
  const handlers = () => ({ onSaved: jest.fn(), onRefused: jest.fn(), onFields: jest.fn(), logLabel: "Test save" });

  it("reports a success and hands over what was saved", async () => {
    const h = handlers();
    await expect(settleSave(async () => ({ ok: true as const, data: { id: 7 } }), h)).resolves.toBe(true);
    expect(h.onSaved).toHaveBeenCalledWith({ id: 7 });
    expect(h.onRefused).not.toHaveBeenCalled();
  });

  it("hands a refusal's field messages to the form and says it", async () => {
    const h = handlers();
    const refused = { ok: false as const, message: "Email taken", fields: { email: "Email taken" } };
    await expect(settleSave(async () => refused, h)).resolves.toBe(false);
    expect(h.onFields).toHaveBeenCalledWith({ email: "Email taken" });
    expect(h.onRefused).toHaveBeenCalledWith(refused);
    expect(h.onSaved).not.toHaveBeenCalled();
  });

  it("logs a save that threw and says it as a refusal", async () => {
    const h = handlers();
    const logged = jest.spyOn(console, "error").mockImplementation(() => {});
    await expect(settleSave(() => Promise.reject(new Error("network")), h)).resolves.toBe(false);
    expect(logged).toHaveBeenCalledWith("Test save failed", expect.any(Error));
    expect(h.onRefused).toHaveBeenCalledWith(undefined);
    logged.mockRestore();
  });
});
