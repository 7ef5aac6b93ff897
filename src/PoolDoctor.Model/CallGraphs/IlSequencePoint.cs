namespace PoolDoctor.Model.CallGraphs;

/// <summary>A portable PDB sequence point: the IL offset where source line <see cref="Line"/> of <see cref="File"/> begins.</summary>
public sealed record IlSequencePoint(int IlOffset, string File, int Line);
