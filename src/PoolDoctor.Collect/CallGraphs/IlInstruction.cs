namespace PoolDoctor.Collect.CallGraphs;

/// <summary>A method-naming instruction found in a body: its IL offset, opcode value and metadata token.</summary>
internal readonly record struct IlInstruction(int Offset, int OpCode, int Token);
