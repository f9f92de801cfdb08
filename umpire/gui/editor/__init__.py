"""The scenario editor's window (File → New Scenario…, Edit Scenario…): the organizer's
workshop over the scenario document of umpire/core/scenario_doc."""
