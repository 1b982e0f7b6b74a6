"""Declarative workflows (design "Stateful Agents Infrastructure") on LangGraph.

- ``definition``: a workflow read from YAML and checked against
  ``schemas/workflow_definition.schema.json``; ``definitions/`` holds the shipped ones.
- ``graph``: a definition compiled to a LangGraph StateGraph (tool gating, transitions
  by tool call or condition, the step limit); ``runner``: that graph over any checkpointer;
  ``checkpoints``: the checkpointer kept beside Canon's data, by store URL.
- ``setup`` and ``trip``: the tools of the two shipped workflows (onboarding through
  Canon's review loop; a trip that follows committed beliefs).
"""
