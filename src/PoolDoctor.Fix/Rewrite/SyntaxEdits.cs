using Microsoft.CodeAnalysis;

namespace PoolDoctor.Fix.Rewrite;

/// <summary>
/// Edits of one solution's syntax, collected first and applied at the end, deepest node first, each on the current
/// version of its node (so an await added inside a method survives the method's own signature change). A node may be
/// edited more than once: the edits compose in the order they were added. An edit may turn a statement into several.
/// </summary>
internal sealed class SyntaxEdits
{
    private readonly Dictionary<DocumentId, List<Edit>> _byDocument = [];

    public void Add(Document document, SyntaxNode node, Func<SyntaxNode, IReadOnlyList<SyntaxNode>> apply)
    {
        if (!_byDocument.TryGetValue(document.Id, out var edits))
        {
            _byDocument[document.Id] = edits = [];
        }
        edits.Add(new Edit(node, apply, edits.Count));
    }

    public void Replace(Document document, SyntaxNode node, Func<SyntaxNode, SyntaxNode> apply) => Add(document, node, n => [apply(n)]);

    public bool Touches(DocumentId document) => _byDocument.ContainsKey(document);

    public async Task<Solution> ApplyAsync(Solution solution, CancellationToken cancellation)
    {
        foreach (var (id, edits) in _byDocument)
        {
            var document = solution.GetDocument(id)!;
            var root = (await document.GetSyntaxRootAsync(cancellation))!;
            var marks = edits.Select(e => e.Node).Distinct().ToDictionary(n => n, _ => new SyntaxAnnotation("pooldoctor-fix"));
            var current = root.ReplaceNodes(marks.Keys, (original, rewritten) => rewritten.WithAdditionalAnnotations(marks[original]));
            foreach (var edit in edits.OrderByDescending(e => Depth(e.Node)).ThenBy(e => e.Order))
            {
                var mark = marks[edit.Node];
                var node = current.GetAnnotatedNodes(mark).Single();
                var replacement = edit.Apply(node);
                var first = replacement[0].WithAdditionalAnnotations(mark);
                current = replacement.Count == 1
                    ? current.ReplaceNode(node, first)
                    : current.ReplaceNode(node, [first, .. replacement.Skip(1)]);
            }
            solution = solution.WithDocumentSyntaxRoot(id, current);
        }
        return solution;
    }

    private static int Depth(SyntaxNode node) => node.Ancestors().Count();

    private sealed record Edit(SyntaxNode Node, Func<SyntaxNode, IReadOnlyList<SyntaxNode>> Apply, int Order);
}
