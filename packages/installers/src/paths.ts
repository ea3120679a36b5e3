// Paths live in their own leaf package (packages/paths); installers' modules import them from here.
export * from "@mytty-bar/paths";
