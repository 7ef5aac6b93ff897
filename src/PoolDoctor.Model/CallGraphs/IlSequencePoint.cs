namespace PoolDoctor.Model.CallGraphs;

/// <summary>A portable PDB sequence point: the IL offset where source line <see cref="Line"/> of <see cref="File"/> begins.</summary>
public sealed record IlSequencePoint(int IlOffset, string File, int Line)
{
    /// <summary>The line's Source Link URL (repository + commit), when the PDB carries Source Link.</summary>
    public string? SourceUrl { get; init; }
}
