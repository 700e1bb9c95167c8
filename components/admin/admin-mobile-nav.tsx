"use client";

import { useState } from "react";
import { Menu } from "lucide-react";
import { AdminNav } from "@/components/admin/admin-nav";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";

/** Phones and tablets: the sidebar slides in from the left. */
export function AdminMobileNav() {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label="Open admin menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-[80vw] max-w-xs gap-0 p-0">
        <SheetHeader className="border-b px-5 py-4">
          <SheetTitle className="font-serif text-lg">Admin menu</SheetTitle>
          <SheetDescription className="sr-only">Sections of the admin area</SheetDescription>
        </SheetHeader>
        <nav aria-label="Admin" className="flex flex-1 flex-col overflow-y-auto p-3">
          <AdminNav onNavigate={() => setOpen(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
